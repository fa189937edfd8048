import type { LegalTable } from '../legal-document';
import { RichText } from './rich-text';

/** A figure ("2000.00元", "0.6%") or a word of up to four characters: kept on one line, never broken mid-word. */
function isUnbreakable(cell: string): boolean {
  return cell.length <= 4 || (cell.length <= 10 && /\d/.test(cell));
}

/** A bordered table that scrolls sideways when its columns do not fit a 375px screen. */
export function LegalTableView({ table }: { table: LegalTable }) {
  return (
    <div className="legal-doc__table-scroll">
      <table className="legal-doc__table">
        <thead>
          <tr>
            {table.columns.map((column, index) => (
              <th key={index} scope="col">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {table.rows.map((row, rowIndex) => (
            <tr key={rowIndex}>
              {row.map((cell, cellIndex) => (
                <td key={cellIndex} className={isUnbreakable(cell) ? 'legal-doc__cell--nowrap' : undefined}>
                  <RichText text={cell} />
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
