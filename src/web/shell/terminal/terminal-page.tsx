import { TerminalView } from './terminal-view.tsx';

/** 系统监控 → 终端 (menu component 'modules/monitor/Terminal'): the terminal as a full page. */
export default function TerminalPage(_props: { entry?: unknown }) {
  return (
    <div className="h-[calc(100vh-8rem)] min-h-[320px] p-3">
      <div className="h-full overflow-hidden rounded border border-slate-700 shadow">
        <TerminalView autoFocus />
      </div>
    </div>
  );
}
