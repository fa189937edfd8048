import { Card, Rate, Tag } from 'antd-mobile';
import { evaluationRoleLabels, evaluationTagLabels, type Evaluation } from '@haoshi/contracts';
import { formatChinaDate } from '@/core/china-time';

export function EvaluationCard({ evaluation, title }: { evaluation: Evaluation; title?: string }) {
  return (
    <Card
      title={title ?? `${evaluation.author_name} · ${evaluationRoleLabels[evaluation.author_role]}`}
      extra={<span className="evaluations__date">{formatChinaDate(evaluation.created_at)}</span>}
      data-testid="evaluation-card"
    >
      <div className="evaluations__stars">
        <Rate readOnly value={evaluation.stars} style={{ '--star-size': '14px' }} />
        <span className="evaluations__service">服务 {evaluation.service_stars} 星</span>
      </div>
      {evaluation.tags.length > 0 ? (
        <div className="evaluations__tags">
          {evaluation.tags.map((tag) => (
            <Tag key={tag} color="primary" fill="outline">
              {evaluationTagLabels[tag]}
            </Tag>
          ))}
        </div>
      ) : null}
      <p className="evaluations__content">{evaluation.content || '该用户未填写文字评价'}</p>
      {evaluation.goods_title ? <p className="evaluations__goods">{evaluation.goods_title}</p> : null}
    </Card>
  );
}
