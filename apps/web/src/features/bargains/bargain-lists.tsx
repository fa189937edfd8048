import { CapsuleTabs, Tabs } from 'antd-mobile';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import {
  bargainTabLabels,
  bargainTabs,
  type Bargain,
  type BargainRole,
  type BargainTab,
} from '@haoshi/contracts';
import { EndlessList } from '@/ui/endless-list';
import { ScreenSkeleton } from '@/ui/screen-skeleton';
import { StatusScreen } from '@/ui/status-screen';
import { useBargainBuyerList } from './api/bargain-buyer-list';
import { useBargainSellerList } from './api/bargain-seller-list';
import { BargainCard } from './bargain-card';
import { bargainMessages as m } from './messages';
import { useBargainActions } from './use-bargain-actions';

const emptyTarget: Record<BargainRole, string> = { buyer: '/', seller: '/publishGoods' };

function RoleList({ role, tab }: { role: BargainRole; tab: BargainTab }) {
  const buyer = useBargainBuyerList(tab, role === 'buyer');
  const seller = useBargainSellerList(tab, role === 'seller');
  const navigate = useNavigate();
  const { run, pendingId, sheet } = useBargainActions();
  return (
    <>
      <EndlessList<Bargain>
        query={role === 'buyer' ? buyer : seller}
        keyOf={(row) => row.id}
        label={m.listLabel}
        skeleton={<ScreenSkeleton />}
        empty={
          <StatusScreen
            status="empty"
            title={m.emptyTitle[role]}
            description={m.emptyHint[role]}
            actions={[
              { text: m.emptyAction[role], primary: true, onClick: () => void navigate(emptyTarget[role]) },
            ]}
            testId="bargains-empty"
          />
        }
        renderItem={(row) => (
          <BargainCard
            bargain={row}
            to={`/goodsBargainList?bargain_id=${row.id}`}
            busy={pendingId === row.id}
            onAction={(button, bargain) => void run(button, bargain)}
          />
        )}
      />
      {sheet}
    </>
  );
}

/** 我出的价 / 收到的议价, each by state. */
export function BargainLists() {
  const [role, setRole] = useState<BargainRole>('buyer');
  const [tab, setTab] = useState<BargainTab>('all');
  return (
    <div className="bargain-screen">
      <Tabs activeKey={role} onChange={(key) => setRole(key as BargainRole)} className="bargain-role-tabs">
        <Tabs.Tab key="buyer" title={m.roleTabs.buyer} />
        <Tabs.Tab key="seller" title={m.roleTabs.seller} />
      </Tabs>
      <CapsuleTabs activeKey={tab} onChange={(key) => setTab(key as BargainTab)}>
        {bargainTabs.map((key) => (
          <CapsuleTabs.Tab key={key} title={bargainTabLabels[key]} />
        ))}
      </CapsuleTabs>
      <RoleList key={`${role}-${tab}`} role={role} tab={tab} />
    </div>
  );
}
