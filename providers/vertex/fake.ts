// vertex speaks generateContent with Vertex's URL layout; gemini's fake serves both.
export { startFake } from '../gemini/fake.ts';
