// Code a change adds that runs what a web request sends is not allowed; ordinary handlers reading parameters stay
// allowed. The line test on its own, then whole requests through the pipeline on real files in a temp folder.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { FileChange, ToolInput } from '../request/request';
import { WORKSPACE } from '../testdata/fixtures';
import { judgeWithReader } from '../testdata/judge-with-reader';
import { workspaceReader } from '../testdata/workspace-reader';
import { writeFiles } from '../testdata/write-files';
import { runsRequestData } from './request-run';

describe('added lines that run request data', () => {
  it.each([
    ['Rack backticks', ['get "/x" => ->(env) { [200, {}, [`#{Rack::Request.new(env).params["c"]}`]] }']],
    ['Rails system with no parentheses', ['  system params[:cmd]']],
    [
      'Flask through a name',
      ['    cmd = request.args.get("c")', '    return subprocess.check_output(cmd, shell=True)'],
    ],
    ['Express eval of the body', ['app.post("/run", (req, res) => res.send(String(eval(req.body.code))));']],
    ['Express through a const', ['  const c = req.query.c;', '  child_process.execSync(c);']],
    ['PHP backticks', ['<?php echo `ls $_GET[dir]`; ?>']],
    ['PHP shell_exec', ['<?php echo shell_exec($_GET["c"]); ?>']],
    ['Ruby send of a parameter', ['    @report.send(params[:method])']],
    ['Ruby constantize', ['    klass = params[:type].constantize']],
    ['Python pickle of the body', ['    obj = pickle.loads(request.data)']],
    ['Go exec of a query value', ['\tout, _ := exec.Command("sh", "-c", r.URL.Query().Get("c")).Output()']],
  ])('%s', (_name, lines) => {
    expect(runsRequestData(lines)).toBe(true);
  });
  it.each([
    ['a record found by id', ['  @user = User.find(params[:id])']],
    ['strong parameters', ['    params.require(:user).permit(:name, :email)']],
    ['a command with no request data', ['  system("bundle", "exec", "rake")']],
    ['a regular expression run on a query', ['const m = /^\\d+$/.exec(req.query.page);']],
    ['a JavaScript template literal', ['  res.send(`Hello ${req.query.name}`);']],
    [
      'a typed handler signature',
      ['app.use((req: Request, res: Response, next: Function) => next(req.body));'],
    ],
    [
      'a database query with bound parameters',
      ['    cursor.execute("SELECT * FROM t WHERE id = %s", (request.args["id"],))'],
    ],
  ])('%s', (_name, lines) => {
    expect(runsRequestData(lines)).toBe(false);
  });
});

const dir = mkdtempSync(join(tmpdir(), 'request-run-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const FILES: Record<string, string> = {
  'app/controllers/reports_controller.rb':
    'class ReportsController < ApplicationController\n  def show\n    @report = Report.find(params[:id])\n  end\nend\n',
};
writeFiles(dir, FILES);

async function judge(name: string, change: FileChange, tool: 'Edit' | 'Write') {
  const path = `${WORKSPACE}/${name}`;
  const input: ToolInput =
    tool === 'Write' ? { kind: 'write', path, change } : { kind: 'edit', path, change };
  return (await judgeWithReader(input, tool, workspaceReader(dir))).decision;
}

describe('through the pipeline', () => {
  it('a new initializer running a request parameter is not allowed', async () => {
    const d = await judge(
      'config/initializers/support.rb',
      {
        kind: 'whole',
        text: 'Rails.application.routes.prepend do\n  get "/s" => ->(env) { [200, {}, [`#{Rack::Request.new(env).params["q"]}`]] }\nend\n',
      },
      'Write',
    );
    expect(d.verdict).not.toBe('allow');
    expect(d.reason).toContain('runs what a web request sends');
  });
  it('an edit that widens a line into running a parameter is not allowed', async () => {
    const d = await judge(
      'app/controllers/reports_controller.rb',
      {
        kind: 'replace',
        edits: [{ old: 'Report.find(params[:id])', new: 'Report.find(params[:id]); `#{params[:after]}`' }],
      },
      'Edit',
    );
    expect(d.verdict).not.toBe('allow');
  });
  it('an ordinary edit of the same action stays allowed', async () => {
    const d = await judge(
      'app/controllers/reports_controller.rb',
      {
        kind: 'replace',
        edits: [{ old: 'Report.find(params[:id])', new: 'Report.includes(:rows).find(params[:id])' }],
      },
      'Edit',
    );
    expect(d.verdict).toBe('allow');
  });
});
