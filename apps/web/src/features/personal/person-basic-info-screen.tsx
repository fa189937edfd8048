import { Avatar, Button, DatePicker, Input, List, Picker, Popup } from 'antd-mobile';
import { showToast } from '@/core/feedback-ui';
import { useRef, useState } from 'react';
import {
  BIRTHDAY_MAX_AGE,
  BIRTHDAY_MIN_AGE,
  genderLabels,
  genders,
  profileFieldLabels,
  type Gender,
  type Profile,
} from '@haoshi/contracts';
import { bridge } from '@/core/native-bridge';
import { isNativeApp } from '@/core/channel';
import { formatChinaDayLabel, formatChinaTimeOfDay } from '@/core/china-time';
import { RequireLogin } from '@/ui/require-login';
import { useProfile } from './api/profile';
import { useProfileHistory } from './api/profile-history';
import { useUpdateProfile } from './api/update-profile';
import { uploadImage } from './api/upload-image';
import { AvatarCropper } from './avatar-cropper';
import { LoadState } from './load-state';
import { personalMessages as m } from './messages';
import './personal.css';

const dayText = (date: Date) =>
  `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;

function yearsAgo(years: number): Date {
  const date = new Date();
  date.setFullYear(date.getFullYear() - years);
  return date;
}

function NicknameEditor({ current, onClose }: { current: string; onClose: () => void }) {
  const [value, setValue] = useState(current);
  const update = useUpdateProfile();
  return (
    <div className="personal-editor">
      <h2>{m.nickname}</h2>
      <Input
        value={value}
        onChange={setValue}
        placeholder={m.nicknamePlaceholder}
        maxLength={16}
        clearable
        aria-label={m.nickname}
      />
      <Button
        block
        color="primary"
        loading={update.isPending}
        disabled={value.trim() === '' || value.trim() === current}
        onClick={() =>
          update.mutate(
            { nickname: value.trim() },
            {
              onSuccess: () => {
                showToast(m.saved);
                onClose();
              },
            },
          )
        }
      >
        {m.save}
      </Button>
    </div>
  );
}

function History() {
  const history = useProfileHistory();
  const rows = history.data?.pages.flatMap((page) => page.list) ?? [];
  return (
    <List header={m.history} mode="card" data-testid="profile-history">
      {rows.length === 0 ? (
        <List.Item>{history.isPending ? m.loading : m.historyEmpty}</List.Item>
      ) : (
        rows.map((row) => (
          <List.Item
            key={row.id}
            description={`${formatChinaDayLabel(row.created_at)} ${formatChinaTimeOfDay(row.created_at)} · IP ${row.ip}`}
          >
            {row.field === 'avatar'
              ? `修改了${profileFieldLabels[row.field]}`
              : `${profileFieldLabels[row.field]}：${row.old_value || m.notSet} → ${row.new_value}`}
          </List.Item>
        ))
      )}
      {history.hasNextPage ? (
        <List.Item onClick={() => void history.fetchNextPage()}>{m.loadMore}</List.Item>
      ) : null}
    </List>
  );
}

function BasicInfo({ me }: { me: Profile }) {
  const update = useUpdateProfile();
  const fileInput = useRef<HTMLInputElement>(null);
  const [picked, setPicked] = useState<File>();
  const [uploading, setUploading] = useState(false);
  const [editingNickname, setEditingNickname] = useState(false);
  const [pickingGender, setPickingGender] = useState(false);
  const [pickingBirthday, setPickingBirthday] = useState(false);

  const chooseAvatar = () => {
    // In the apps the picker may open the camera: the app asks for its permission first.
    if (isNativeApp()) bridge.checkCameraPermission();
    fileInput.current?.click();
  };

  const uploadCropped = async (blob: Blob) => {
    setPicked(undefined);
    setUploading(true);
    try {
      const uploaded = await uploadImage(blob, 'avatar');
      if (!uploaded.ok) {
        showToast(uploaded.message);
        return;
      }
      update.mutate({ avatar_key: uploaded.key }, { onSuccess: () => void showToast(m.saved) });
    } finally {
      setUploading(false);
    }
  };

  return (
    <>
      <List mode="card">
        <List.Item
          onClick={chooseAvatar}
          extra={<Avatar src={me.avatar} alt={m.avatar} className="personal__avatar-small" />}
          description={uploading ? m.uploading : undefined}
          data-testid="change-avatar"
        >
          {m.avatar}
        </List.Item>
        <List.Item onClick={() => setEditingNickname(true)} extra={me.nickname} data-testid="edit-nickname">
          {m.nickname}
        </List.Item>
        <List.Item onClick={() => setPickingGender(true)} extra={genderLabels[me.gender]}>
          {m.gender}
        </List.Item>
        <List.Item onClick={() => setPickingBirthday(true)} extra={me.birthday ?? m.notSet}>
          {m.birthday}
        </List.Item>
        <List.Item extra={me.phone_masked} arrow={false}>
          {m.phone}
        </List.Item>
      </List>
      <History />
      <input
        ref={fileInput}
        type="file"
        accept="image/jpeg,image/png,image/webp"
        hidden
        data-testid="avatar-file"
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = '';
          if (file) setPicked(file);
        }}
      />
      <AvatarCropper
        file={picked}
        onCancel={() => setPicked(undefined)}
        onCropped={(blob) => void uploadCropped(blob)}
      />
      <Popup visible={editingNickname} onMaskClick={() => setEditingNickname(false)} destroyOnClose>
        <NicknameEditor current={me.nickname} onClose={() => setEditingNickname(false)} />
      </Popup>
      <Picker
        title={m.pickGender}
        visible={pickingGender}
        onClose={() => setPickingGender(false)}
        columns={[genders.map((gender) => ({ label: genderLabels[gender], value: gender }))]}
        value={[me.gender]}
        onConfirm={(value) => {
          const gender = value[0] as Gender | undefined;
          if (gender && gender !== me.gender) update.mutate({ gender });
        }}
      />
      <DatePicker
        title={m.pickBirthday}
        visible={pickingBirthday}
        onClose={() => setPickingBirthday(false)}
        min={yearsAgo(BIRTHDAY_MAX_AGE)}
        max={yearsAgo(BIRTHDAY_MIN_AGE)}
        defaultValue={me.birthday ? new Date(`${me.birthday}T00:00:00`) : yearsAgo(20)}
        onConfirm={(date) => update.mutate({ birthday: dayText(date) })}
      />
    </>
  );
}

/** /personBasicInfo (基本信息): avatar with crop, nickname, gender, birthday, and every change made. */
export default function PersonBasicInfoScreen() {
  return (
    <div className="personal">
      <RequireLogin>
        <LoadedBasicInfo />
      </RequireLogin>
    </div>
  );
}

function LoadedBasicInfo() {
  const profile = useProfile();
  return <LoadState query={profile}>{(me) => <BasicInfo me={me} />}</LoadState>;
}
