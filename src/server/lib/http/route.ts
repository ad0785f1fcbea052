import type {
  FastifyContextConfig,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  RouteGenericInterface,
  RouteShorthandOptions,
} from 'fastify';
import { methodsOf, type EndpointContract } from '../../../shared/contracts.ts';

type Handler<G extends RouteGenericInterface> = (req: FastifyRequest<G>, reply: FastifyReply) => unknown;
type Options = Omit<RouteShorthandOptions, 'config'> & { config?: Omit<FastifyContextConfig, 'perm'> };

/** The method, url and config of a contract's route, for `app.route({ ...routeOf(c), handler })`. */
export function routeOf(c: EndpointContract, config: Omit<FastifyContextConfig, 'perm'> = {}) {
  return { method: methodsOf(c), url: c.path, config: { ...config, perm: c.permission } };
}

/**
 * Register the handler of an endpoint contract: its methods, path and permission come from the
 * contract (src/shared/endpoints.ts, or a resource's `endpoints`), so no route restates them.
 */
export function route<G extends RouteGenericInterface = RouteGenericInterface>(
  app: FastifyInstance,
  c: EndpointContract,
  handler: Handler<G>,
): void;
export function route<G extends RouteGenericInterface = RouteGenericInterface>(
  app: FastifyInstance,
  c: EndpointContract,
  opts: Options,
  handler: Handler<G>,
): void;
export function route<G extends RouteGenericInterface>(
  app: FastifyInstance,
  c: EndpointContract,
  a: Options | Handler<G>,
  b?: Handler<G>,
): void {
  const [opts, handler] = typeof a === 'function' ? [{} as Options, a] : [a, b!];
  app.route<G>({ ...opts, ...routeOf(c, opts.config), handler: handler as never });
}
