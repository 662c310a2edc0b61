// One third of the fuzz stage (test/fuzz/stage.ts); the three files run side by side.
import { fuzzStage } from './stage.ts';

fuzzStage(1, 3);
