// Core's own worker program: core tasks (backups) and, in pool mode, no plugin task (only a test's extraTasks).
// The app's program (app/worker.ts) serves the plugins' tasks as well; core/offload/run.ts starts this one only
// where no app told it its own (setWorkerProgram), e.g. core's pool tests.
import { runWorker } from './worker-program.js';

runWorker({});
