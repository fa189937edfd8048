import { Button, List, Popup, Radio, TextArea } from 'antd-mobile';
import { useState } from 'react';
import type { WithdrawalRejectReasonCode } from '@haoshi/contracts';
import { useRejectReasons } from './api/reject-reasons';
import { staffMessages as s, withdrawMessages as m } from './messages';

interface RejectSheetProps {
  open: boolean;
  submitting: boolean;
  onClose: () => void;
  onReject: (reasonCode: WithdrawalRejectReasonCode, remark: string) => void;
}

/** Reject with a reason chosen from the presets (and an optional remark). */
export function RejectSheet({ open, submitting, onClose, onReject }: RejectSheetProps) {
  const reasons = useRejectReasons(open);
  const [code, setCode] = useState<string | null>(null);
  const [remark, setRemark] = useState('');
  return (
    <Popup visible={open} onMaskClick={submitting ? undefined : onClose} bodyClassName="withdraw-sheet">
      <div role="dialog" aria-label={s.rejectTitle}>
        <h2 className="withdraw-sheet__title">{s.rejectTitle}</h2>
        {reasons.isPending ? <p className="withdraw-muted">…</p> : null}
        <Radio.Group value={code ?? undefined} onChange={(value) => setCode(String(value))}>
          <List>
            {(reasons.data ?? []).map((reason) => (
              <List.Item
                key={reason.code}
                prefix={<Radio value={reason.code} aria-label={reason.text} />}
                arrowIcon={false}
                onClick={() => setCode(reason.code)}
              >
                {reason.text}
              </List.Item>
            ))}
          </List>
        </Radio.Group>
        <TextArea
          className="withdraw-remark"
          aria-label={s.remark}
          placeholder={s.remark}
          value={remark}
          onChange={setRemark}
          maxLength={200}
          rows={2}
        />
        <div className="withdraw-sheet__actions">
          <Button block onClick={onClose} disabled={submitting}>
            {m.cancel}
          </Button>
          <Button
            block
            color="danger"
            disabled={code === null}
            loading={submitting}
            data-testid="staff-reject-confirm"
            onClick={() => {
              if (code !== null) onReject(code as WithdrawalRejectReasonCode, remark.trim());
            }}
          >
            {s.rejectSubmit}
          </Button>
        </div>
      </div>
    </Popup>
  );
}
