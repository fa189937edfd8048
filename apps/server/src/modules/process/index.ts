/** The process engine's public API: other modules import from here only. */
export {
  createProcessEngine,
  type ProcessActor,
  type ProcessEngine,
  type StartRequest,
  type TimerSubject,
  type TransitionRequest,
} from './process-engine.ts';
export { type ArmedTimer, type ProcessTimer, type TimerScheduler } from './timer-scheduler.ts';
export { processPlugin } from './process-plugin.ts';
