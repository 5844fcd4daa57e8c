import NcursesTerminal
import StopwatchApp
import TabBarKit

TerminalApp.run { try makeApp() }
