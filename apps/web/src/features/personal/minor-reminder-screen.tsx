import { minorReminder } from './messages';
import './personal.css';

/** /minorReminder (未成年人保护提醒). */
export default function MinorReminderScreen() {
  return (
    <div className="personal">
      <article className="personal__article">
        <h1>{minorReminder.title}</h1>
        {minorReminder.paragraphs.map((paragraph) => (
          <p key={paragraph}>{paragraph}</p>
        ))}
      </article>
    </div>
  );
}
