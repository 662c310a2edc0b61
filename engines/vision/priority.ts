// Imported first by the vision workers (detection and training), so it runs
// before TensorFlow.js, Human and onnxruntime load: puts the worker thread,
// and every thread it starts, below the gateway's own (engines/priority.ts).
import { lowerThreadPriority } from '../priority.ts';

lowerThreadPriority();
