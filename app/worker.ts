// The worker threads' program (core/offload/run.ts starts it; app/worker-location.ts says where it is): core's
// runWorker serving core tasks and every plugin's worker tasks (app/worker-tasks.ts).
import { runWorker } from '../core/offload/worker-program.js';
import { workerTasks } from './worker-tasks.js';

runWorker(workerTasks);
