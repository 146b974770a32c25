/**
 * surfaces/http: the decision service's protocol edge (`gavel serve`). Translates HTTP into calls of the
 * runtime's services and back; decides nothing and imports no other surface (the CLI passes the harness hooks
 * in). See docs/serve.md.
 */

export { type Balancer, balanceConnections, takeHandedConnections } from './connection-balancer';
export { type AppDeps, type DecisionApp, decisionApp, type HookAnswer } from './decision-app';
export { DEFAULT_LISTEN, isLoopback, type ListenAddress, parseListen } from './listen-address';
export { Metrics } from './metrics';
export { type Started, startServer } from './start-server';
export {
  addToken,
  hashSecret,
  isTokenName,
  readTokens,
  removeToken,
  type StoredToken,
  tokensInForce,
  tokensPath,
} from './token-store';
export { relayWorkerMetrics, workerMetrics } from './worker-metrics';
