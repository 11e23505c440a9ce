import { parse, printParseErrorCode, type ParseError } from 'jsonc-parser';

export interface TextProblem {
  from: number;
  to: number;
  message: string;
}

const MESSAGES: Record<string, string> = {
  InvalidSymbol: '无效的字符',
  InvalidNumberFormat: '数字格式不对',
  PropertyNameExpected: '这里应是用双引号括起的属性名',
  ValueExpected: '这里应有一个值',
  ColonExpected: '属性名后应有冒号（:）',
  CommaExpected: '两项之间应有逗号（,）',
  CloseBraceExpected: '缺少右花括号（}）',
  CloseBracketExpected: '缺少右方括号（]）',
  EndOfFileExpected: '文件在这里就应结束',
  InvalidCommentToken: 'JSON 中不能写注释',
  UnexpectedEndOfComment: 'JSON 中不能写注释',
  UnexpectedEndOfString: '字符串缺少结尾的双引号',
  UnexpectedEndOfNumber: '数字不完整',
  InvalidUnicode: '无效的 Unicode 转义',
  InvalidEscapeCharacter: '无效的转义字符',
  InvalidCharacter: '字符串中有无效的字符',
};

/**
 * The text's JSON syntax errors, found as the author types without asking the server. Strict JSON:
 * comments and trailing commas, which jsonc-parser would allow, are errors, as JSON.parse says.
 */
export function jsonSyntaxProblems(text: string): TextProblem[] {
  const errors: ParseError[] = [];
  parse(text, errors, { disallowComments: true, allowTrailingComma: false, allowEmptyContent: false });
  return errors.map((error) => {
    const code = printParseErrorCode(error.error);
    return { from: error.offset, to: error.offset + Math.max(1, error.length), message: `不是合法的 JSON：${MESSAGES[code] ?? code}` };
  });
}
