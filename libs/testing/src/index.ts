export { createTestDatabase, type TestDatabase } from './test-database';
export {
  ServiceTestApp,
  TEST_JWT_SECRET,
  testDatabaseFor,
  headersOf,
  errorCode,
  errorMessage,
  type GqlResult,
  type RestResult,
  type RequestOptions,
  type RunningTestService,
} from './service-test-app';
export { eventually, waitUntil, type WaitOptions } from './eventually';
export { compileSources } from './compile-sources';
export { startErrorReportCollector, type ErrorReportCollector } from './error-report-collector';
export { startOtlpCollector, type OtlpCollector, type CollectedSpan } from './otlp-collector';
export { decodeOtlpTraceProtobuf } from './otlp-protobuf';
export { numbersIn } from './numbers-in';
