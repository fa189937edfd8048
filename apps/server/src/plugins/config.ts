import fp from 'fastify-plugin';
import type { Config } from '../config.ts';

export const configPlugin = fp<{ config: Config }>(
  (app, options, done) => {
    app.decorate('config', options.config);
    done();
  },
  { name: 'config' },
);
