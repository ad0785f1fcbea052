import type { SsoConfig } from './config.ts';
import { openidClient, type OidcClient } from './oidc.ts';
import { httpCasClient, type CasClient } from './cas.ts';

/** The identity providers this instance talks to; absent: not configured. */
export interface SsoClients {
  oidc: OidcClient | undefined;
  cas: CasClient | undefined;
}

/** The real clients of the configured providers (openid-client, CAS over fetch). */
export const ssoClients = (cfg: SsoConfig): SsoClients => ({
  oidc: cfg.oidc ? openidClient(cfg.oidc) : undefined,
  cas: cfg.cas ? httpCasClient(cfg.cas) : undefined,
});
