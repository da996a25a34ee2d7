/**
 * Test emulators listen apart from the dev ones (8080/9099), so tests can run while `npm run dev`
 * does. TEST_PORT_OFFSET moves every test port by the same amount, so two checkouts on one machine
 * can run their suites at once.
 */
const offset = Number(process.env.TEST_PORT_OFFSET ?? 0);

export const TEST_FIRESTORE_HOST = `127.0.0.1:${8180 + offset}`;
export const TEST_AUTH_HOST = `127.0.0.1:${9199 + offset}`;
/** firebase-tools also reserves a hub and a logging port for its emulators. */
export const TEST_AUTH_HUB_PORT = 4410 + offset;
export const TEST_AUTH_LOGGING_PORT = 4510 + offset;
export const TEST_PROJECT_ID = 'demo-transfer-feed';
