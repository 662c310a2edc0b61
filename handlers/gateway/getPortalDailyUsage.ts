// Document 2 names this path beside /api/llm/usage/daily; it answers the same data.
export { default } from './getDailyUsage.ts';
