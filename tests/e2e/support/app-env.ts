/**
 * Extra environment for the app under end-to-end test (engines and models). Kept apart from
 * global-setup so engine wiring can change without touching the harness.
 */
export async function appEnv(): Promise<Record<string, string>> {
  return {};
}
