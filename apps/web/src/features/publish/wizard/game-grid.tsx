import type { Game } from '@haoshi/contracts';

interface GameGridProps {
  games: readonly Game[];
  selected?: number | undefined;
  onPick: (game: Game) => void;
}

/** The games one can sell, as icon tiles. */
export function GameGrid({ games, selected, onPick }: GameGridProps) {
  return (
    <ul className="game-grid">
      {games.map((game) => (
        <li key={game.id}>
          <button
            type="button"
            className={`game-grid__item${game.id === selected ? ' game-grid__item--selected' : ''}`}
            aria-pressed={game.id === selected}
            onClick={() => onPick(game)}
          >
            <img className="game-grid__icon" src={game.icon} alt="" loading="lazy" />
            <span className="game-grid__name">{game.name}</span>
          </button>
        </li>
      ))}
    </ul>
  );
}
