import { Alert, Button, Card, Result, Spin, Tag } from 'antd';
import { useEffect } from 'react';
import { Link, Navigate, useSearchParams } from 'react-router-dom';
import { useLoad } from '../../hooks/use-load';
import { useLocale } from '../../i18n/locale-store';
import { textsFor } from '../../i18n/texts';
import { askQuestion } from '../../search/answer-api';
import { HighlightedText } from '../../search/highlighted-text';
import { QuestionBox } from '../../search/question-box';
import { searchTextsFor } from '../../search/search-texts';
import '../../search/search.css';

/**
 * /home/aianswer?question= (spec §2, pub/chatQuery): the answer to a question, made of sentences
 * quoted from the policies, each citing its numbered source with a link; when nothing matches, it
 * says so and offers the way to a person. Loading, failed (with a retry), and another question.
 */
export default function AiAnswerPage() {
  const locale = useLocale();
  const texts = searchTextsFor(locale);
  const common = textsFor(locale);
  const [params] = useSearchParams();
  const question = (params.get('question') ?? '').trim();
  const answer = useLoad(() => askQuestion(question), `${question}|${locale}`);
  useEffect(() => {
    document.title = `${texts.answerTitle} - ${common.portalName}`;
  }, [texts, common]);

  if (!question) return <Navigate to="/home/questions" replace />;
  let body;
  if (answer.failed) {
    body = (
      <Alert
        type="error"
        showIcon
        message={texts.answerFailed}
        action={
          <Button size="small" onClick={answer.retry}>
            {texts.retry}
          </Button>
        }
      />
    );
  } else if (!answer.value) {
    body = (
      <div className="kc-answer-loading" role="status">
        <Spin /> <span>{texts.answering}</span>
      </div>
    );
  } else if (!answer.value.found) {
    body = (
      <Result
        status="info"
        title={answer.value.summary}
        extra={
          <Link to="/home/policy-advice-form">
            <Button type="primary">{texts.askHumanLink}</Button>
          </Link>
        }
      />
    );
  } else {
    const found = answer.value;
    body = (
      <>
        <p className="kc-answer-summary">{found.summary}</p>
        <ol className="kc-answer-passages">
          {found.passages.map((passage, index) => (
            <li key={index}>
              <blockquote>
                <HighlightedText parts={passage.text} />
              </blockquote>
              <a href={`#kc-source-${passage.source}`} className="kc-answer-cite">
                [{passage.source}] <span className="kc-visually-hidden">{texts.sourceCite(passage.source)}</span>
              </a>
            </li>
          ))}
        </ol>
        <section aria-labelledby="kc-answer-sources" className="kc-answer-sources">
          <h3 id="kc-answer-sources">{texts.sources}</h3>
          <ol>
            {found.sources.map((source) => (
              <li key={source.index} id={`kc-source-${source.index}`}>
                <Link to={source.href}>{source.title}</Link>
                {source.kind && <Tag>{source.kind}</Tag>}
                {source.date && <time dateTime={source.date}>{source.date}</time>}
              </li>
            ))}
          </ol>
        </section>
        <p className="kc-answer-notice">{texts.answerNotice}</p>
        <p>
          {texts.askHuman} <Link to="/home/policy-advice-form">{texts.askHumanLink}</Link>
        </p>
      </>
    );
  }
  return (
    <div className="kc-portal kc-answer-page">
      <h2>{texts.answerTitle}</h2>
      <Card className="kc-answer-card" aria-busy={!answer.value && !answer.failed}>
        <h3 className="kc-answer-question">{question}</h3>
        {body}
      </Card>
      <Card title={<h3 className="kc-portal-block-title">{texts.askAnother}</h3>} style={{ marginTop: 16 }}>
        <QuestionBox />
      </Card>
    </div>
  );
}
