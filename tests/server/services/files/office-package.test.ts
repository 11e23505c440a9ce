import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { isOfficePackage } from '../../../../src/server/services/files/office-package';
import { officePackage, plainZip, SAMPLE_FILES } from '../../helpers/activity-fixtures';

describe('isOfficePackage', () => {
  it('knows a workbook Excel writes, and a Word package, by the parts inside', async () => {
    const book = new ExcelJS.Workbook();
    book.addWorksheet('导入数据').addRow(['企业名称', '星河智能装备有限公司']);
    const xlsx = Buffer.from(await book.xlsx.writeBuffer());
    expect(await isOfficePackage(xlsx, 'xlsx')).toBe(true);
    expect(await isOfficePackage(await officePackage('docx'), 'docx')).toBe(true);
  });

  it('refuses any other zip under either name, and bytes that only start like a zip', async () => {
    expect(await isOfficePackage(await plainZip(), 'xlsx')).toBe(false);
    expect(await isOfficePackage(await plainZip(), 'docx')).toBe(false);
    expect(await isOfficePackage(await officePackage('docx'), 'xlsx')).toBe(false);
    expect(await isOfficePackage(await officePackage('xlsx'), 'docx')).toBe(false);
    expect(await isOfficePackage(SAMPLE_FILES.zip(), 'xlsx')).toBe(false);
  });
});
