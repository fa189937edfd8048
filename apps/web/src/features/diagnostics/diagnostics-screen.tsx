import { useQuery } from '@tanstack/react-query';
import { Button, List } from 'antd-mobile';
import { getCurrentBrand, getCurrentPackage } from '@/core/brands';
import { getAccessChannel, getStatusBarHeight } from '@/core/channel';
import { readDeviceSignature } from '@/core/device-signature';
import { showToast } from '@/core/feedback-ui';
import { readHeaderSign } from '@/core/storage';
import { RequireStaff } from '@/ui/require-staff';
import { ScreenSkeleton } from '@/ui/screen-skeleton';
import {
  diagnosticsText,
  environmentRows,
  headerRows,
  type DiagnosticRow,
  type DiagnosticsInput,
} from './collect-diagnostics';
import { diagnosticsMessages } from './messages';
import './diagnostics.css';

async function collect(): Promise<DiagnosticsInput> {
  return {
    channel: getAccessChannel(),
    pkg: getCurrentPackage(),
    brand: getCurrentBrand(),
    signature: await readDeviceSignature(),
    headers: readHeaderSign(),
    statusBarHeight: getStatusBarHeight(),
    userAgent: window.navigator.userAgent,
  };
}

function Rows({ header, rows }: { header: string; rows: readonly DiagnosticRow[] }) {
  return (
    <List header={header} mode="card">
      {rows.length === 0 ? <List.Item>{diagnosticsMessages.noHeaders}</List.Item> : null}
      {rows.map((row) => (
        <List.Item key={row.label} description={<span className="diagnostics__value">{row.value}</span>}>
          {row.label}
        </List.Item>
      ))}
    </List>
  );
}

async function copy(text: string): Promise<void> {
  try {
    await window.navigator.clipboard.writeText(text);
    showToast({ icon: 'success', content: diagnosticsMessages.copied });
  } catch {
    showToast(diagnosticsMessages.copyFailed);
  }
}

function Diagnostics() {
  const diagnostics = useQuery({ queryKey: ['diagnostics'], queryFn: collect, staleTime: 0, gcTime: 0 });
  if (!diagnostics.data) return <ScreenSkeleton />;
  const input = diagnostics.data;
  return (
    <div className="diagnostics">
      <Rows header={diagnosticsMessages.environmentTitle} rows={environmentRows(input)} />
      <Rows header={diagnosticsMessages.headersTitle} rows={headerRows(input.headers)} />
      <div className="diagnostics__actions">
        <Button block color="primary" fill="outline" onClick={() => void copy(diagnosticsText(input))}>
          {diagnosticsMessages.copy}
        </Button>
      </div>
    </div>
  );
}

/**
 * /test: what this client believes about itself (the sign header among it), for support and
 * native-app integration; staff only, or anyone in a development build.
 */
export default function DiagnosticsScreen() {
  return (
    <RequireStaff>
      <Diagnostics />
    </RequireStaff>
  );
}
