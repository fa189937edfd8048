import type { GoodsDetail } from '@haoshi/contracts';
import { bindingChecklist } from './binding-checklist';
import { goodsDetailMessages as m } from './messages';

/** The attributes of the game's schema, in the schema's order, as a two-column table. */
export function AttributeTable({ goods }: { goods: GoodsDetail }) {
  return (
    <section className="goods-detail__card" aria-labelledby="goods-attributes-title">
      <h2 id="goods-attributes-title" className="goods-detail__heading">
        {m.attributesTitle}
      </h2>
      {goods.attributes.length === 0 ? (
        <p className="goods-detail__muted">{m.attributesEmpty}</p>
      ) : (
        <table className="goods-attributes">
          <tbody>
            {goods.attributes.map((pair) => (
              <tr key={pair.key}>
                <th scope="row">{pair.label}</th>
                <td>{pair.value}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {goods.description ? (
        <>
          <h3 className="goods-detail__subheading">{m.descriptionTitle}</h3>
          <p className="goods-detail__description">{goods.description}</p>
        </>
      ) : null}
    </section>
  );
}

/** Phone, e-mail, real name, second real name, rebinding, linked logins and cooldown as ✓/✗ rows. */
export function BindingChecklist({ goods }: { goods: GoodsDetail }) {
  const rows = bindingChecklist(goods.bindings);
  return (
    <section className="goods-detail__card" aria-labelledby="goods-bindings-title">
      <h2 id="goods-bindings-title" className="goods-detail__heading">
        {m.bindingsTitle}
      </h2>
      {rows.length === 0 ? (
        <p className="goods-detail__muted">{m.bindingsEmpty}</p>
      ) : (
        <ul className="binding-checklist" aria-label={m.bindingsTitle}>
          {rows.map((row) => (
            <li
              key={row.key}
              className={
                row.ok ? 'binding-checklist__row' : 'binding-checklist__row binding-checklist__row--no'
              }
              data-testid={`binding-${row.key}`}
            >
              <span className="binding-checklist__mark" aria-label={row.ok ? m.bindingYes : m.bindingNo}>
                {row.ok ? '✓' : '✗'}
              </span>
              <span className="binding-checklist__label">{row.label}</span>
              <span className="binding-checklist__detail">{row.detail}</span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
