import { Button, Form, Input, TextArea } from 'antd-mobile';
import { showToast } from '@/core/feedback-ui';
import { useSubmitAccount } from './api/submit-account';
import { handoverMessages as m } from './messages';

interface Values {
  account: string;
  password: string;
  security?: string;
  note?: string;
}

/** The seller's 提交账号 form (the order is delivering). */
export function SubmitAccountForm({ orderNo }: { orderNo: string }) {
  const submit = useSubmitAccount(() => showToast({ icon: 'success', content: m.submitted }));
  return (
    <section className="handover__card" aria-label={m.submitTitle}>
      <h3>{m.submitTitle}</h3>
      <p className="handover__hint">{m.submitHint}</p>
      <Form
        layout="horizontal"
        onFinish={(values: Values) =>
          submit.mutate({
            order_no: orderNo,
            account: values.account,
            password: values.password,
            ...(values.security ? { security: values.security } : {}),
            ...(values.note ? { note: values.note } : {}),
          })
        }
        footer={
          <Button block type="submit" color="primary" loading={submit.isPending}>
            {m.submit}
          </Button>
        }
      >
        <Form.Item
          name="account"
          label={m.account}
          rules={[{ required: true, message: m.required(m.account) }]}
        >
          <Input placeholder={m.account} maxLength={100} autoComplete="off" />
        </Form.Item>
        <Form.Item
          name="password"
          label={m.password}
          rules={[{ required: true, message: m.required(m.password) }]}
        >
          <Input placeholder={m.password} maxLength={100} type="password" autoComplete="new-password" />
        </Form.Item>
        <Form.Item name="security" label={m.security}>
          <TextArea placeholder={m.securityPlaceholder} maxLength={500} rows={2} />
        </Form.Item>
        <Form.Item name="note" label={m.note}>
          <TextArea maxLength={500} rows={2} />
        </Form.Item>
      </Form>
    </section>
  );
}
