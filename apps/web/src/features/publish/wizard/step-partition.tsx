import { Selector } from 'antd-mobile';
import { platformLabels, type Partition, type Platform } from '@haoshi/contracts';
import { publishMessages as text } from '../messages';
import { FieldBlock } from './field-block';
import type { FieldErrors } from './wizard-steps';

interface StepPartitionProps {
  platforms: readonly Platform[];
  partitions: readonly Partition[];
  platform: Platform | undefined;
  partitionId: number | undefined;
  errors: FieldErrors;
  onPlatform: (platform: Platform) => void;
  onPartition: (partitionId: number) => void;
}

/** Platform first, then the 区服 of that platform, grouped (QQ区 / 微信区 …). */
export function StepPartition({
  platforms,
  partitions,
  platform,
  partitionId,
  errors,
  onPlatform,
  onPartition,
}: StepPartitionProps) {
  const shown = partitions.filter((partition) => partition.platform === platform);
  const groups = [...new Set(shown.map((partition) => partition.group))];
  return (
    <div className="publish-form">
      <FieldBlock field="platform" label={text.choosePlatform} required error={errors.platform}>
        <Selector
          columns={3}
          options={platforms.map((value) => ({ value, label: platformLabels[value] }))}
          value={platform ? [platform] : []}
          onChange={([value]) => {
            if (value) onPlatform(value);
          }}
        />
      </FieldBlock>
      {platform ? (
        <FieldBlock field="partition_id" label={text.choosePartition} required error={errors.partition_id}>
          {shown.length === 0 ? <p className="publish-muted">{text.noPartitions}</p> : null}
          {groups.map((group) => (
            <div key={group} className="publish-group">
              {groups.length > 1 ? <div className="publish-group__title">{group}</div> : null}
              <Selector
                columns={2}
                options={shown
                  .filter((partition) => partition.group === group)
                  .map((partition) => ({ value: partition.id, label: partition.name }))}
                value={partitionId === undefined ? [] : [partitionId]}
                onChange={([value]) => {
                  if (value !== undefined) onPartition(value);
                }}
              />
            </div>
          ))}
        </FieldBlock>
      ) : null}
    </div>
  );
}
