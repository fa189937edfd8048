import { Button, List, Popup, Radio, TextArea } from 'antd-mobile';
import { useState } from 'react';
import { useServiceQueue } from './api/service-queue';
import { useTransferSession } from './api/transfer-session';
import { csMessages as m } from './messages';

/** 转接: another customer-service staff member, and a note for them. */
export function TransferSheet({
  sessionId,
  open,
  onClose,
}: {
  sessionId: number;
  open: boolean;
  onClose: () => void;
}) {
  const queue = useServiceQueue(open);
  const transfer = useTransferSession();
  const [staffId, setStaffId] = useState(0);
  const [reason, setReason] = useState('');
  const staff = queue.data?.staff ?? [];
  return (
    <Popup visible={open} onMaskClick={transfer.isPending ? undefined : onClose} bodyClassName="cs-sheet">
      <div role="dialog" aria-label={m.transferTitle}>
        <h2 className="cs-sheet__title">{m.transferTitle}</h2>
        {queue.isSuccess && staff.length === 0 ? <p className="cs-order__meta">{m.transferNone}</p> : null}
        <Radio.Group value={staffId} onChange={(value) => setStaffId(Number(value))}>
          <List>
            {staff.map((person) => (
              <List.Item
                key={person.id}
                prefix={<Radio value={person.id} aria-label={person.nickname} />}
                arrowIcon={false}
                onClick={() => setStaffId(person.id)}
              >
                {person.nickname}
              </List.Item>
            ))}
          </List>
        </Radio.Group>
        <label className="cs-label" htmlFor="cs-transfer-reason">
          {m.transferReason}
        </label>
        <TextArea
          id="cs-transfer-reason"
          placeholder={m.transferReason}
          value={reason}
          onChange={setReason}
          maxLength={100}
          rows={2}
        />
        <div className="cs-sheet__actions">
          <Button block onClick={onClose} disabled={transfer.isPending}>
            {m.cancel}
          </Button>
          <Button
            block
            color="primary"
            disabled={staffId === 0}
            loading={transfer.isPending}
            onClick={() =>
              transfer.mutate(
                { id: sessionId, staff_id: staffId, reason: reason.trim() },
                { onSuccess: onClose },
              )
            }
          >
            {m.transferTitle}
          </Button>
        </div>
      </div>
    </Popup>
  );
}
