/** One key per confirmed intent: a retried tap cannot move money twice (DESIGN §3). */
export function idempotencyKey(prefix: string) {
  const random = Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) =>
    byte.toString(16).padStart(2, '0'),
  );
  return { 'Idempotency-Key': `${prefix}-${random.join('')}` };
}
