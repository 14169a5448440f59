// `@pitboss/simulator/demo`: the demo feed of `npm start` (run as a process by `main.ts`).
export { DemoFeed, type DemoFeedEnd, type DemoFeedOptions, type DemoLog } from './demo-feed';
export { jsonLog } from './log';
export {
  SHOWCASE_ALERT_TYPE,
  SHOWCASE_KINDS,
  type ShowcaseKind,
  type ShowcasePlant,
  showcasePlant,
} from './showcase';
export { type DemoState, readDemoState, writeDemoState } from './state-file';
