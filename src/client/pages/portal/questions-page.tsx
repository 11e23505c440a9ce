import { Card } from 'antd';
import { useEffect } from 'react';
import { Link } from 'react-router-dom';
import { useLocale } from '../../i18n/locale-store';
import { textsFor } from '../../i18n/texts';
import { answerHref } from '../../search/answer-api';
import { QuestionBox } from '../../search/question-box';
import { searchTextsFor } from '../../search/search-texts';
import '../../search/search.css';

/**
 * /home/questions (spec §2): ask about a policy; the answer (/home/aianswer) quotes the policies
 * and cites them. Common questions to start from, and the way to a person (政策咨询).
 */
export default function QuestionsPage() {
  const locale = useLocale();
  const texts = searchTextsFor(locale);
  const common = textsFor(locale);
  useEffect(() => {
    document.title = `${texts.questionsTitle} - ${common.portalName}`;
  }, [texts, common]);
  return (
    <div className="kc-portal kc-questions-page">
      <h2>{texts.questionsTitle}</h2>
      <p className="kc-questions-intro">{texts.questionsIntro}</p>
      <Card>
        <QuestionBox />
      </Card>
      <section className="kc-common-questions" aria-labelledby="kc-common-questions-title">
        <h3 id="kc-common-questions-title">{texts.commonQuestions}</h3>
        <ul>
          {texts.commonQuestionList.map((question) => (
            <li key={question}>
              <Link to={answerHref(question)}>{question}</Link>
            </li>
          ))}
        </ul>
      </section>
      <p>
        {texts.askHuman} <Link to="/home/policy-advice-form">{texts.askHumanLink}</Link>
      </p>
    </div>
  );
}
