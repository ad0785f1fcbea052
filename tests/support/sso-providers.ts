import { randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';
import type { SsoConfig } from '../../src/server/lib/sso/config.ts';

/**
 * Local identity providers for the single sign-on tests, on 127.0.0.1 only: a real OpenID Connect
 * provider (oidc-provider) whose sign-in page signs in the person the test names, and a small CAS
 * server (login issuing one-time service tickets, CAS 3.0 serviceValidate).
 */

const listen = async (server: Server) => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return (server.address() as AddressInfo).port;
};

export interface OidcPerson {
  sub: string;
  email?: string;
  email_verified?: boolean;
  name?: string;
  preferred_username?: string;
}

export async function startOidcProvider(redirectUris: string[]) {
  const server = createServer();
  const port = await listen(server);
  const issuer = `http://127.0.0.1:${port}`;
  const clientId = 'care-console';
  const clientSecret = randomBytes(16).toString('hex');
  /** who the provider's sign-in page signs in next */
  let person: OidcPerson = { sub: 'nobody' };
  const people = new Map<string, OidcPerson>();
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: redirectUris,
        grant_types: ['authorization_code'],
        response_types: ['code'],
      },
    ],
    claims: {
      openid: ['sub'],
      email: ['email', 'email_verified'],
      profile: ['name', 'preferred_username'],
    },
    conformIdTokenClaims: false,
    cookies: { keys: [randomBytes(16).toString('hex')] },
    findAccount: (_ctx, sub) => ({
      accountId: sub,
      claims: () => ({ ...(people.get(sub) ?? { sub }) }),
    }),
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    features: { devInteractions: { enabled: false } },
  });
  // the sign-in page: signs in `person` without a form, grants what the client asked
  provider.use(async (ctx, next) => {
    if (ctx.method !== 'GET' || !ctx.path.startsWith('/interaction/')) return next();
    const details = await provider.interactionDetails(ctx.req, ctx.res);
    let result;
    if (details.prompt.name === 'login') {
      people.set(person.sub, person);
      result = { login: { accountId: person.sub } };
    } else {
      const grant = new provider.Grant({
        accountId: details.session!.accountId,
        clientId: String(details.params.client_id),
      });
      grant.addOIDCScope(String(details.params.scope));
      result = { consent: { grantId: await grant.save() } };
    }
    ctx.redirect(
      await provider.interactionResult(ctx.req, ctx.res, result, { mergeWithLastSubmission: false }),
    );
  });
  server.on('request', provider.callback());
  return {
    issuer,
    clientId,
    clientSecret,
    /** the person the next sign-in is */
    signInAs(p: OidcPerson) {
      person = p;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A CAS 3.0 server: `/login?service=` redirects back with a ticket for the current person. */
export async function startCasServer() {
  let user = 'nobody';
  let attributes: Record<string, string> = {};
  const tickets = new Map<string, { service: string; user: string; attributes: Record<string, string> }>();
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const service = url.searchParams.get('service') ?? '';
    if (url.pathname === '/cas/login') {
      const ticket = `ST-${randomBytes(12).toString('hex')}`;
      tickets.set(ticket, { service, user, attributes });
      res
        .writeHead(302, { location: `${service}${service.includes('?') ? '&' : '?'}ticket=${ticket}` })
        .end();
      return;
    }
    if (url.pathname === '/cas/p3/serviceValidate' || url.pathname === '/cas/serviceValidate') {
      const ticket = url.searchParams.get('ticket') ?? '';
      const found = tickets.get(ticket);
      tickets.delete(ticket); // a ticket validates once
      res.writeHead(200, { 'content-type': 'application/xml; charset=utf-8' });
      if (!found || found.service !== service) {
        res.end(
          `<cas:serviceResponse xmlns:cas="http://www.yale.edu/tp/cas"><cas:authenticationFailure code="INVALID_TICKET">Ticket ${ticket} not recognized</cas:authenticationFailure></cas:serviceResponse>`,
        );
        return;
      }
      const attrs = Object.entries(found.attributes)
        .map(([k, v]) => `<cas:${k}>${v}</cas:${k}>`)
        .join('');
      res.end(
        `<cas:serviceResponse xmlns:cas="http://www.yale.edu/tp/cas"><cas:authenticationSuccess><cas:user>${found.user}</cas:user><cas:attributes>${attrs}</cas:attributes></cas:authenticationSuccess></cas:serviceResponse>`,
      );
      return;
    }
    res.writeHead(404).end();
  });
  const port = await listen(server);
  return {
    url: `http://127.0.0.1:${port}/cas`,
    signInAs(name: string, attrs: Record<string, string> = {}) {
      user = name;
      attributes = attrs;
    },
    /** a ticket for `name` at `service`, as a sign-in at the CAS server would issue */
    issue(name: string, service: string) {
      const ticket = `ST-${randomBytes(12).toString('hex')}`;
      tickets.set(ticket, { service, user: name, attributes: {} });
      return ticket;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * Follow a browser's redirects through a provider (keeping its cookies) until it is sent to
 * `until`: that URL, with the provider's answer in its query.
 */
export async function followToRedirect(start: string, until: string): Promise<URL> {
  const jar = new Map<string, string>();
  let url = start;
  for (let hop = 0; hop < 12; hop++) {
    if (url.startsWith(until)) return new URL(url);
    const res = await fetch(url, {
      redirect: 'manual',
      headers: { cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; ') },
    });
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(';');
      const i = pair!.indexOf('=');
      jar.set(pair!.slice(0, i), pair!.slice(i + 1));
    }
    const location = res.headers.get('location');
    if (!location) throw new Error(`provider stopped at ${url}: ${res.status} ${await res.text()}`);
    url = new URL(location, url).href;
  }
  throw new Error('too many redirects');
}

/** A loopback port free now (a server about to listen there registers it with a provider first). */
export async function freePort(): Promise<number> {
  const server = createServer();
  const port = await listen(server);
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** The console's single sign-on settings for these providers (SSO mode on; names the tests look for). */
export function ssoConfig(
  op: { issuer: string; clientId: string; clientSecret: string },
  cas: { url: string },
): SsoConfig {
  return {
    mode: true,
    publicUrl: undefined,
    oidc: {
      issuer: op.issuer,
      clientId: op.clientId,
      clientSecret: op.clientSecret,
      scopes: 'openid profile email',
      linkClaim: 'email',
      name: '企业身份',
    },
    cas: { url: cas.url, version: 3, usernameAttribute: undefined, name: '统一认证' },
  };
}
