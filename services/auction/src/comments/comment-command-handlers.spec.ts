import { Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { Command, CommandBus, CqrsModule } from '@nestjs/cqrs';
import type { AuthUser } from '@trackside/platform';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CommandContext } from '../lots/lot-commands.service';
import { COMMENT_COMMAND_HANDLERS } from './comment-command-handlers';
import * as commands from './comment-commands';
import { CommentCommandsService } from './comment-commands.service';
import { EmailSellerService } from './email-seller.service';
import { LotReportCommandsService } from './lot-report-commands.service';

/** Records each call the handlers make, answering with the method's name. */
function recorder(methods: string[]): {
  calls: Array<[string, unknown[]]>;
  service: Record<string, (...args: unknown[]) => Promise<string>>;
} {
  const calls: Array<[string, unknown[]]> = [];
  const service = Object.fromEntries(
    methods.map((name) => [
      name,
      (...args: unknown[]) => {
        calls.push([name, args]);
        return Promise.resolve(name);
      },
    ]),
  );
  return { calls, service };
}

const comments = recorder(['add', 'like', 'report', 'remove', 'block', 'staffRemove', 'dismissReport']);
const reports = recorder(['report', 'dismiss']);
const email = recorder(['send']);

@Module({
  imports: [CqrsModule.forRoot()],
  providers: [
    ...COMMENT_COMMAND_HANDLERS,
    { provide: CommentCommandsService, useValue: comments.service },
    { provide: LotReportCommandsService, useValue: reports.service },
    { provide: EmailSellerService, useValue: email.service },
  ],
})
class CommentCommandsTestModule {}

const ctx: CommandContext = { brand: 'trackside', actor: { id: 'u1' } as AuthUser, correlationId: 'c1' };

// Issue 19 part 5: the comment, lot-report and email-the-seller commands go through the CommandBus;
// each handler runs its service's unchanged path with the command's arguments.
describe('comment commands on the CommandBus', () => {
  let app: Awaited<ReturnType<typeof NestFactory.createApplicationContext>>;
  let bus: CommandBus;

  beforeAll(async () => {
    app = await NestFactory.createApplicationContext(CommentCommandsTestModule, { logger: false });
    await app.init();
    bus = app.get(CommandBus);
  });
  afterAll(async () => {
    await app?.close();
  });

  const cases: Array<[Command<unknown>, ReturnType<typeof recorder>, string, unknown[]]> = [
    [
      new commands.AddCommentCommand({ relation: 'auction:l1', content: 'hi', threadOf: null, isBid: false }, ctx),
      comments,
      'add',
      [{ relation: 'auction:l1', content: 'hi', threadOf: null, isBid: false }, ctx],
    ],
    [new commands.LikeCommentCommand('c1', 'auction:l1', ctx), comments, 'like', ['c1', 'auction:l1', ctx]],
    [
      new commands.ReportCommentCommand('c1', 'auction:l1', 'OTHER', 'why', ctx),
      comments,
      'report',
      ['c1', 'auction:l1', 'OTHER', 'why', ctx],
    ],
    [new commands.RemoveCommentCommand('c1', 'auction:l1', 'u1', ctx), comments, 'remove', ['c1', 'auction:l1', 'u1', ctx]],
    [new commands.BlockCommentCommand('thread', 'c1', 'l1', 'spam', ctx), comments, 'block', ['thread', 'c1', 'l1', 'spam', ctx]],
    [new commands.StaffRemoveCommentCommand('c1', 'l1', 'note', ctx), comments, 'staffRemove', ['c1', 'l1', 'note', ctx]],
    [new commands.DismissCommentReportCommand('r1', 'l1', null, ctx), comments, 'dismissReport', ['r1', 'l1', null, ctx]],
    [new commands.ReportLotCommand('l1', 'FRAUD', 'why', ctx), reports, 'report', ['l1', 'FRAUD', 'why', ctx]],
    [new commands.DismissLotReportCommand('r1', 'l1', 'ok', ctx), reports, 'dismiss', ['r1', 'l1', 'ok', ctx]],
    [
      new commands.SendSellerEmailCommand({ auctionId: 'l1', subject: 's', body: 'b' }, ctx),
      email,
      'send',
      [{ auctionId: 'l1', subject: 's', body: 'b' }, ctx],
    ],
  ];

  for (const [command, target, method, args] of cases)
    it(`${command.constructor.name} runs ${method} with its arguments`, async () => {
      target.calls.length = 0;
      await expect(bus.execute(command)).resolves.toBe(method);
      expect(target.calls).toEqual([[method, args]]);
    });

  it('every comment command class has a handler', () => {
    const classes = Object.values(commands).filter((value) => typeof value === 'function');
    expect(classes.map((type) => type.name).sort()).toEqual(cases.map(([command]) => command.constructor.name).sort());
  });
});
