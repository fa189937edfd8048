const STAR_LABELS = ['非常差', '差', '一般', '好', '非常好'] as const;

/** Five star buttons (antd's Rate answers pointer drags only: no keyboard, no screen reader). */
export function StarPicker({
  value,
  onChange,
  label,
}: {
  value: number;
  onChange: (stars: number) => void;
  label: string;
}) {
  return (
    <div className="evaluations__picker" role="group" aria-label={label}>
      {STAR_LABELS.map((text, index) => (
        <button
          key={text}
          type="button"
          className={index < value ? 'evaluations__star evaluations__star--on' : 'evaluations__star'}
          aria-label={`${index + 1}星`}
          aria-pressed={index < value}
          onClick={() => onChange(index + 1)}
        >
          ★
        </button>
      ))}
      <span className="evaluations__meta">{value > 0 ? STAR_LABELS[value - 1] : '请选择'}</span>
    </div>
  );
}
