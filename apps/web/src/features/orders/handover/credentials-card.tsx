import { Button, List } from 'antd-mobile';
import { showToast } from '@/core/feedback-ui';
import { useState } from 'react';
import type { AccountCredentials, OrderHandover } from '@haoshi/contracts';
import { formatChinaDateTime } from '@/core/china-time';
import { useRevealAccount } from './api/reveal-account';
import { handoverMessages as m, roleLabels } from './messages';

const MASK = '••••••••';

async function copy(label: string, text: string) {
  try {
    await navigator.clipboard.writeText(text);
    showToast({ content: m.copied(label) });
  } catch {
    showToast({ content: m.copyFailed });
  }
}

/** The login details: masked, revealed on 查看 (one logged request), with copy buttons; the log. */
export function CredentialsCard({ data }: { data: OrderHandover }) {
  const reveal = useRevealAccount(data.order_no);
  const [shown, setShown] = useState<AccountCredentials | null>(null);
  const { credentials } = data;

  const line = (label: string, value: string | undefined, masked: string) => (
    <List.Item
      key={label}
      extra={
        value ? (
          <Button size="mini" fill="outline" onClick={() => void copy(label, value)}>
            {m.copy}
          </Button>
        ) : null
      }
    >
      <span className="handover__label">{label}</span>
      <span className="handover__value" data-testid={`credential-${label}`}>
        {value ?? masked}
      </span>
    </List.Item>
  );

  return (
    <section className="handover__card" aria-label={m.credentialsTitle}>
      <div className="handover__head">
        <h3>{m.credentialsTitle}</h3>
        {credentials.can_reveal ? (
          <Button
            size="mini"
            color="primary"
            loading={reveal.isPending}
            onClick={() => {
              if (shown) setShown(null);
              else reveal.mutate(undefined, { onSuccess: setShown });
            }}
          >
            {shown ? m.hide : m.reveal}
          </Button>
        ) : null}
      </div>
      {credentials.submitted ? (
        <>
          <List>
            {line(m.account, shown?.account, credentials.account_masked)}
            {line(m.password, shown?.password, MASK)}
            {shown?.security ? line('密保信息', shown.security, MASK) : null}
            {shown?.note ? line('备注', shown.note, MASK) : null}
          </List>
          <p className="handover__hint">{m.revealNotice}</p>
        </>
      ) : (
        <p className="handover__hint">{m.notSubmitted}</p>
      )}
      <h4>{m.revealLogTitle}</h4>
      {data.reveal_log.length === 0 ? (
        <p className="handover__hint">{m.revealLogEmpty}</p>
      ) : (
        <ul className="handover__log" aria-label={m.revealLogTitle}>
          {data.reveal_log.map((entry) => (
            <li key={`${entry.at}-${entry.viewer}`}>
              {formatChinaDateTime(entry.at)} · {entry.viewer || roleLabels[entry.role]} · IP {entry.ip}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
