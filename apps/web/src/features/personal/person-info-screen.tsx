import { Avatar, Button, List, Switch } from 'antd-mobile';
import { showToast } from '@/core/feedback-ui';
import { useNavigate } from 'react-router';
import type { PrivacySettings } from '@haoshi/contracts';
import { RequireLogin } from '@/ui/require-login';
import { useDataExport } from './api/data-export';
import { usePrivacy } from './api/privacy';
import { useProfile } from './api/profile';
import { useUpdatePrivacy } from './api/update-privacy';
import { LoadState } from './load-state';
import { personalMessages as m } from './messages';
import './personal.css';

function PrivacySwitches({ settings }: { settings: PrivacySettings }) {
  const update = useUpdatePrivacy();
  const row = (key: keyof PrivacySettings, title: string, hint: string) => (
    <List.Item
      key={key}
      description={hint}
      extra={
        <Switch
          checked={settings[key]}
          loading={update.isPending && update.variables[key] !== undefined}
          aria-label={title}
          onChange={(checked) => update.mutate({ [key]: checked })}
        />
      }
    >
      {title}
    </List.Item>
  );
  return (
    <List header={m.privacyTitle} mode="card">
      {row('visitor_traces', m.visitorTraces, m.visitorTracesHint)}
      {row('personalised_recommendations', m.personalised, m.personalisedHint)}
    </List>
  );
}

function PersonInfo() {
  const navigate = useNavigate();
  const profile = useProfile();
  const privacy = usePrivacy();
  const exporter = useDataExport();
  const go = (path: string) => () => void navigate(path);
  return (
    <LoadState query={profile}>
      {(me) => (
        <>
          <button type="button" className="personal__card" onClick={go('/personBasicInfo')}>
            <Avatar src={me.avatar} alt="" className="personal__avatar" />
            <span className="personal__who">
              <strong data-testid="person-nickname">{me.nickname}</strong>
              <span>{me.phone_masked}</span>
            </span>
            <span className="personal__chevron" aria-hidden="true">
              ›
            </span>
          </button>
          <List mode="card">
            <List.Item onClick={go('/personBasicInfo')} extra={me.nickname}>
              {m.basicInfo}
            </List.Item>
            <List.Item onClick={go('/locationInfo')} extra={me.region || m.notSet}>
              {m.region}
            </List.Item>
            <List.Item onClick={go('/devicceInfo')}>{m.devices}</List.Item>
            <List.Item onClick={go('/thirdInfo')}>{m.thirdParty}</List.Item>
            <List.Item onClick={go('/wxPushInform')}>{m.wxPush}</List.Item>
          </List>
          {privacy.data ? <PrivacySwitches settings={privacy.data} /> : null}
          <List mode="card">
            <List.Item description={m.myDataHint} arrow={false}>
              <div className="personal__row">
                <span>{m.myData}</span>
                <Button
                  size="small"
                  color="primary"
                  fill="outline"
                  loading={exporter.isPending}
                  loadingText={m.exporting}
                  data-testid="export-my-data"
                  onClick={() => exporter.mutate(undefined, { onSuccess: () => void showToast(m.exported) })}
                >
                  {m.download}
                </Button>
              </div>
            </List.Item>
          </List>
          <List header={m.otherTitle} mode="card">
            <List.Item onClick={go('/helpFeedback')}>{m.help}</List.Item>
            <List.Item onClick={go('/minorReminder')}>{m.minor}</List.Item>
            <List.Item onClick={go('/printScreenVerifyGuide')}>{m.screenshotGuide}</List.Item>
          </List>
        </>
      )}
    </LoadState>
  );
}

/** /personInfo (个人信息): the account card, settings entries, privacy switches and "my data". */
export default function PersonInfoScreen() {
  return (
    <div className="personal">
      <RequireLogin>
        <PersonInfo />
      </RequireLogin>
    </div>
  );
}
