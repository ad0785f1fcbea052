import * as client from 'openid-client';
import type { OidcConfig } from './config.ts';

/** What the console keeps between sending a browser to the provider and its return. */
export interface OidcChecks {
  state: string;
  nonce: string;
  codeVerifier: string;
}

/** The verified ID token's claims. */
export type OidcClaims = Record<string, unknown> & { sub: string; iss: string };

/**
 * The OIDC relying party: authorization code with PKCE, state and nonce. The one implementation
 * runs openid-client against the configured issuer (tests: a local oidc-provider on 127.0.0.1).
 */
export interface OidcClient {
  readonly issuer: string;
  /** fresh state, nonce and PKCE verifier, and the provider URL to send the browser to */
  start(redirectUri: string): Promise<{ url: string; checks: OidcChecks }>;
  /** exchange the code of `callbackUrl` (state, nonce and PKCE checked); throws on any refusal */
  finish(callbackUrl: URL, checks: OidcChecks): Promise<OidcClaims>;
}

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]']);

/** openid-client over the configured provider; discovery runs once, on first use. */
export function openidClient(cfg: OidcConfig): OidcClient {
  let configuration: Promise<client.Configuration> | undefined;
  const discover = () => {
    const issuer = new URL(cfg.issuer);
    // plain http only to a provider on this machine (development, the tests' local provider)
    const insecure = issuer.protocol === 'http:' && LOOPBACK.has(issuer.hostname);
    configuration ??= client
      .discovery(
        issuer,
        cfg.clientId,
        cfg.clientSecret,
        undefined,
        insecure ? { execute: [client.allowInsecureRequests] } : undefined,
      )
      .catch((e: unknown) => {
        configuration = undefined; // a provider down at the first sign-in is tried again next time
        throw e;
      });
    return configuration;
  };
  return {
    issuer: cfg.issuer,
    async start(redirectUri) {
      const config = await discover();
      const checks: OidcChecks = {
        state: client.randomState(),
        nonce: client.randomNonce(),
        codeVerifier: client.randomPKCECodeVerifier(),
      };
      const url = client.buildAuthorizationUrl(config, {
        redirect_uri: redirectUri,
        scope: cfg.scopes,
        response_type: 'code',
        state: checks.state,
        nonce: checks.nonce,
        code_challenge: await client.calculatePKCECodeChallenge(checks.codeVerifier),
        code_challenge_method: 'S256',
      });
      return { url: url.href, checks };
    },
    async finish(callbackUrl, checks) {
      const config = await discover();
      const tokens = await client.authorizationCodeGrant(config, callbackUrl, {
        pkceCodeVerifier: checks.codeVerifier,
        expectedState: checks.state,
        expectedNonce: checks.nonce,
        idTokenExpected: true,
      });
      const claims = tokens.claims();
      if (!claims) throw new Error('no ID token');
      return claims as OidcClaims;
    },
  };
}
