import { describe, expect, it } from 'vitest';
import { brands } from '@haoshi/contracts';
import { AccessChannel } from '@/core/channel';
import {
  diagnosticsText,
  environmentRows,
  headerRows,
  maskSecret,
  type DiagnosticsInput,
} from './collect-diagnostics';

const input: DiagnosticsInput = {
  channel: AccessChannel.ANDROID,
  pkg: 'app_mhb',
  brand: brands.app_mhb,
  signature: { device_id: 'dev-42', channel: 'h5', package: 'app_mhb' },
  headers: { Os: '1', Authorization: 'abcdef1234567890', sign: 'xyz' },
  statusBarHeight: 24,
  userAgent: 'UA/1.0',
};

describe('diagnostics', () => {
  it('masks secrets but keeps both ends to tell them apart', () => {
    expect(maskSecret('abcdef1234567890')).toBe('abcd****7890');
    expect(maskSecret('short')).toBe('*****');
  });

  it('lists the environment with channel code and device id', () => {
    expect(environmentRows(input).map((row) => row.value)).toEqual([
      '安卓 App（1）',
      'app_mhb',
      '买号宝',
      'dev-42',
      '24px',
      'UA/1.0',
    ]);
  });

  it('shows every header with Authorization masked', () => {
    expect(headerRows(input.headers)).toEqual([
      { label: 'Authorization', value: 'abcd****7890' },
      { label: 'Os', value: '1' },
      { label: 'sign', value: 'xyz' },
    ]);
    expect(diagnosticsText(input)).not.toContain('abcdef1234567890');
  });
});
