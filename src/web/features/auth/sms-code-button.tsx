import { useEffect, useState } from 'react';
import { FORM_RULES } from '../../../shared/validation.ts';
import { Button } from '../../components/ui.tsx';
import { requestTo } from '../../lib/api-client.ts';
import type { Result } from '../../../shared/api.ts';
import { ENDPOINTS } from '../../../shared/endpoints.ts';

/** "获取验证码" with a 60 s countdown; mode "0" login, "1" register, "2" forgot password. */
export function SmsCodeButton({
  mobile,
  mode,
  onError,
}: {
  mobile: string;
  mode: '0' | '1' | '2';
  onError(m: string): void;
}) {
  const [left, setLeft] = useState(0);
  useEffect(() => {
    if (left <= 0) return;
    const t = setTimeout(() => setLeft(left - 1), 1000);
    return () => clearTimeout(t);
  }, [left]);
  const send = async () => {
    if (!FORM_RULES.mobile.pattern.test(mobile)) return onError(FORM_RULES.mobile.message);
    const r = await requestTo<Result<null>>(ENDPOINTS.auth.sms, { body: { mobile, smsmode: mode } });
    if (!r.success) return onError(r.message);
    onError('');
    setLeft(60);
  };
  return (
    <Button className="shrink-0" disabled={left > 0} onClick={() => void send()}>
      {left > 0 ? `${left} 秒后重发` : '获取验证码'}
    </Button>
  );
}
