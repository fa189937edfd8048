/** A ?redirect= value when it is a path of this app ('/x'), never another site ('//host', 'https:'). */
export function inAppPath(raw: string | null): string | undefined {
  if (!raw || !raw.startsWith('/') || raw.startsWith('//') || raw.startsWith('/\\')) return undefined;
  return raw;
}
