import { Tabs } from 'antd-mobile';
import { useState } from 'react';
import { getCurrentBrand } from '@/core/brands';
import { BrandLogo } from '@/ui/brand-logo';
import { authMessages } from './messages';
import { QrLoginPanel } from './qr-login-panel';
import { SmsLoginForm } from './sms-login-form';
import './auth.css';

type LoginTab = 'sms' | 'qr';

/** /h5Login: SMS code login, or a QR code another logged-in device confirms. */
export default function H5LoginScreen() {
  const [tab, setTab] = useState<LoginTab>('sms');
  const brand = getCurrentBrand();
  return (
    <div className="login">
      <header className="login__header">
        <BrandLogo className="login__logo" />
        <h1 className="login__title">{authMessages.welcome(brand.name)}</h1>
        <p className="login__subtitle">{authMessages.welcomeHint}</p>
      </header>
      <Tabs activeKey={tab} onChange={(key) => setTab(key === 'qr' ? 'qr' : 'sms')}>
        <Tabs.Tab title={authMessages.tabSms} key="sms" />
        <Tabs.Tab title={authMessages.tabQr} key="qr" />
      </Tabs>
      {/* Only the open tab is mounted, so the QR code is only polled while it is shown. */}
      {tab === 'sms' ? <SmsLoginForm /> : <QrLoginPanel />}
    </div>
  );
}
