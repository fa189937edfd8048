export * from './engine.ts';
export * from './timeline.ts';
