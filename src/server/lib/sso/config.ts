/** Single sign-on configuration, read from the environment (README "Single sign-on"). */

export interface OidcConfig {
  /** OIDC_ISSUER: the provider's issuer URL (discovery at `/.well-known/openid-configuration`) */
  issuer: string;
  clientId: string;
  clientSecret: string | undefined;
  /** OIDC_SCOPES, default `openid profile email` */
  scopes: string;
  /**
   * OIDC_LINK_CLAIM (default `email`): the claim that finds the account the first time an identity
   * signs in. `email` matches the account's email and needs `email_verified: true`; `phone_number`
   * its phone and needs `phone_number_verified: true`; any other claim (e.g. `preferred_username`)
   * is the account's username as the provider asserts it (use a claim the provider controls).
   */
  linkClaim: string;
  /** OIDC_NAME: what the sign-in button calls the provider */
  name: string;
}

export interface CasConfig {
  /** CAS_URL: the CAS server's base, e.g. `https://cas.example.com/cas` */
  url: string;
  /** CAS_VERSION 2 (`/serviceValidate`) or 3 (`/p3/serviceValidate`, default) */
  version: 2 | 3;
  /** CAS_USERNAME_ATTRIBUTE: an attribute holding the username; default the principal (`cas:user`) */
  usernameAttribute: string | undefined;
  name: string;
}

export interface SsoConfig {
  /** SSO_MODE: signed-out visitors go to the single sign-on page */
  mode: boolean;
  /**
   * PUBLIC_URL: the origin browsers reach the console at (redirect and service URLs are built on
   * it); unset: the request's own origin
   */
  publicUrl: string | undefined;
  oidc: OidcConfig | undefined;
  cas: CasConfig | undefined;
}

const on = (v: string | undefined) => /^(1|true|yes|on)$/i.test(v ?? '');

export function loadSsoConfig(env: NodeJS.ProcessEnv): SsoConfig {
  const oidc: OidcConfig | undefined =
    env.OIDC_ISSUER && env.OIDC_CLIENT_ID
      ? {
          issuer: env.OIDC_ISSUER,
          clientId: env.OIDC_CLIENT_ID,
          clientSecret: env.OIDC_CLIENT_SECRET || undefined,
          scopes: env.OIDC_SCOPES || 'openid profile email',
          linkClaim: env.OIDC_LINK_CLAIM || 'email',
          name: env.OIDC_NAME || '统一身份认证',
        }
      : undefined;
  const cas: CasConfig | undefined = env.CAS_URL
    ? {
        url: env.CAS_URL.replace(/\/+$/, ''),
        version: env.CAS_VERSION === '2' ? 2 : 3,
        usernameAttribute: env.CAS_USERNAME_ATTRIBUTE || undefined,
        name: env.CAS_NAME || 'CAS',
      }
    : undefined;
  return {
    mode: on(env.SSO_MODE) && Boolean(oidc || cas),
    publicUrl: env.PUBLIC_URL ? env.PUBLIC_URL.replace(/\/+$/, '') : undefined,
    oidc,
    cas,
  };
}
