import type { FastifyBaseLogger } from 'fastify';

/** One refund asked of the payment provider. */
export interface RefundRequest {
  /**
   * the refund's idempotency key (`<orderNo>-<kind>`): the provider refunds once per key, however
   * often it is asked (a retry after a timeout, a second instance)
   */
  refundNo: string;
  orderNo: string;
  /** the payment's reference, when the order was paid through the provider */
  payReference: string | null;
  /** decimal text, two places (never a float) */
  amount: string;
  reason: string | null;
}

export interface RefundResult {
  /** the provider's reference of the refund */
  providerRef: string;
}

/**
 * Moves money back to a customer. Replace the development provider with a real gateway (WeChat Pay,
 * Alipay) in production; every refund of the product goes through this one interface.
 */
export interface PaymentProvider {
  readonly name: string;
  refund(request: RefundRequest): Promise<RefundResult>;
}

/**
 * Development provider: moves no money. It records each refund by its key (asked twice, it answers
 * the first refund again) and writes it to the server log, loudly marked.
 */
export function devLogPaymentProvider(log: FastifyBaseLogger): PaymentProvider & {
  /** the refunds made, by key (tests read them) */
  readonly refunds: ReadonlyMap<string, RefundRequest & RefundResult>;
} {
  const refunds = new Map<string, RefundRequest & RefundResult>();
  return {
    name: 'dev-log',
    refunds,
    async refund(request) {
      const done = refunds.get(request.refundNo);
      if (done) return { providerRef: done.providerRef };
      const providerRef = `DEV-${request.refundNo}`;
      refunds.set(request.refundNo, { ...request, providerRef });
      log.warn({ ...request, providerRef }, '[DEV PAYMENT PROVIDER: no money was moved] refund');
      return { providerRef };
    },
  };
}
