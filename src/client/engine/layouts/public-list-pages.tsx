import { Pagination } from 'antd';

export interface PublicListPagesProps {
  pageNo: number;
  pageSize: number;
  total: number;
  onChange: (pageNo: number) => void;
}

/** A public list's page numbers (a chunk of its own: see PublicList). */
export function PublicListPages({ pageNo, pageSize, total, onChange }: PublicListPagesProps) {
  return (
    <Pagination
      className="kc-public-list-pages"
      current={pageNo}
      pageSize={pageSize}
      total={total}
      showSizeChanger={false}
      onChange={onChange}
    />
  );
}
