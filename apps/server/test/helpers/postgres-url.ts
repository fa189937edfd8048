/** Per run, so that runs started side by side (several engineers, one database server) never collide. */
export const TEMPLATE_DATABASE = `haoshi_test_template_${process.pid}`;

export function withDatabaseName(url: string, name: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.toString();
}
