import type { FastifyRequest } from 'fastify';

/**
 * Who reads a listing, for counting views once per day: the signed-in user, else the address. The
 * device id of the `sign` header is not used: the web client holds the signing key, so anyone can
 * mint a new device id per request, which would make every request a new viewer again.
 */
export function viewerOf(request: FastifyRequest): { userId: number | undefined; key: string } {
  const userId = request.auth?.user.id;
  return userId === undefined ? { userId, key: `ip:${request.ip}` } : { userId, key: `user:${userId}` };
}
