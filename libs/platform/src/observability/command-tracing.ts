import { Injectable, type OnModuleInit } from '@nestjs/common';
import { CommandBus, type ICommand } from '@nestjs/cqrs';
import { inSpan } from './trace-context';

/**
 * One span per command dispatched on the CommandBus (`command PlaceBidCommand`), around its
 * handler, when tracing is on (docs/operations.md, "Traces"); with tracing off the bus's own
 * `execute` runs as before, one function call further. Provided by the modules that use CqrsModule.
 */
@Injectable()
export class CommandTracing implements OnModuleInit {
  constructor(private readonly commands: CommandBus) {}

  onModuleInit(): void {
    const bus = this.commands as unknown as { execute(command: ICommand): Promise<unknown> };
    const execute = bus.execute.bind(bus);
    bus.execute = (command: ICommand) => {
      const name = command.constructor.name;
      return inSpan(`command ${name}`, { 'command.name': name }, () => execute(command));
    };
  }
}
