import { Button, CascadePicker, List } from 'antd-mobile';
import { showToast, showConfirmDialog } from '@/core/feedback-ui';
import { useState } from 'react';
import type { ProvinceNode } from '@haoshi/contracts';
import { bridge } from '@/core/native-bridge';
import { isNativeApp } from '@/core/channel';
import { RequireLogin } from '@/ui/require-login';
import { useAreaData } from './api/area-data';
import { useProfile } from './api/profile';
import { useUpdateLocation } from './api/update-location';
import { LoadState } from './load-state';
import { personalMessages as m } from './messages';
import { matchRegion, requestNativeLocation } from './native-location';
import './personal.css';

const optionsOf = (areas: readonly ProvinceNode[]) =>
  areas.map((province) => ({
    label: province.name,
    value: province.code,
    children: province.children.map((city) => ({ label: city.name, value: city.code })),
  }));

function LocationInfo({ areas }: { areas: readonly ProvinceNode[] }) {
  const profile = useProfile();
  const update = useUpdateLocation();
  const [picking, setPicking] = useState(false);
  const [locating, setLocating] = useState(false);
  const saved = () => void showToast(m.saved);

  const locate = () => {
    setLocating(true);
    const asked = requestNativeLocation((location) => {
      setLocating(false);
      const region = location.denied ? undefined : matchRegion(areas, location);
      if (region) {
        update.mutate({ ...region, source: 'native' }, { onSuccess: saved });
        return;
      }
      void showConfirmDialog({
        content: m.locationFailed,
        confirmText: m.openSettings,
        cancelText: m.cancel,
        onConfirm: () => void bridge.openSettings(),
      });
    });
    if (!asked) setLocating(false);
  };

  return (
    <LoadState query={profile}>
      {(me) => (
        <>
          <List mode="card">
            <List.Item
              onClick={() => setPicking(true)}
              extra={me.region || m.notSet}
              data-testid="pick-region"
            >
              {m.region}
            </List.Item>
          </List>
          <p className="personal__hint">{m.regionHint}</p>
          {isNativeApp() ? (
            <Button
              block
              color="primary"
              fill="outline"
              loading={locating}
              loadingText={m.locating}
              onClick={locate}
            >
              {m.useLocation}
            </Button>
          ) : (
            <p className="personal__hint">{m.locationOnlyInApp}</p>
          )}
          <CascadePicker
            title={m.pickRegion}
            options={optionsOf(areas)}
            visible={picking}
            onClose={() => setPicking(false)}
            value={me.province_code ? [me.province_code, me.city_code] : []}
            onConfirm={(value) => {
              const [province, city] = value;
              if (typeof province === 'string' && typeof city === 'string')
                update.mutate(
                  { province_code: province, city_code: city, source: 'picker' },
                  { onSuccess: saved },
                );
            }}
          />
        </>
      )}
    </LoadState>
  );
}

function LoadedLocation() {
  const areas = useAreaData();
  return <LoadState query={areas}>{(data) => <LocationInfo areas={data.list} />}</LoadState>;
}

/** /locationInfo (位置信息): the region from the area data, or the app's location. */
export default function LocationInfoScreen() {
  return (
    <div className="personal">
      <RequireLogin>
        <LoadedLocation />
      </RequireLogin>
    </div>
  );
}
