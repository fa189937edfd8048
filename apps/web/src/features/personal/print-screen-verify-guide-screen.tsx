import { Steps } from 'antd-mobile';
import { screenshotGuide } from './messages';
import './personal.css';

/** /printScreenVerifyGuide (截图验证指引): how to take the screenshots a listing is checked against. */
export default function PrintScreenVerifyGuideScreen() {
  return (
    <div className="personal">
      <article className="personal__article">
        <h1>{screenshotGuide.title}</h1>
        <Steps direction="vertical" current={screenshotGuide.steps.length}>
          {screenshotGuide.steps.map((step) => (
            <Steps.Step key={step.title} title={step.title} description={step.body} status="finish" />
          ))}
        </Steps>
        <p className="personal__warning">{screenshotGuide.warning}</p>
      </article>
    </div>
  );
}
