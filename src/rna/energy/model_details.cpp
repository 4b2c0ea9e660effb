#include "tropic/rna/model_details.hpp"

#include <fmt/format.h>

#include <memory>

#include "tropic/core/error.hpp"

namespace tropic::rna {

namespace {

constexpr double kAbsoluteZero = -273.15;
// ViennaRNA's limit too: the rescaling is a linear extrapolation from 37 °C, meaningless far
// beyond the temperatures RNA exists at.
constexpr double kHighestTemperature = 200.0;

}  // namespace

void ModelDetails::validate() const {
    if (dangles != 0 && dangles != 2)
        throw InputError(fmt::format("dangles {}: 0 or 2 (the dangle models tropic has)", dangles));
    // Written so that NaN fails too.
    if (!(temperature >= kAbsoluteZero && temperature <= kHighestTemperature))
        throw InputError(fmt::format("temperature {} °C: outside {} to {} °C", temperature,
                                     kAbsoluteZero, kHighestTemperature));
    if (max_bp_span < -1)
        throw InputError(
            fmt::format("max_bp_span {}: -1 (no limit) or a span of 0 or more", max_bp_span));
}

namespace {

// The parameters at 37 °C and their enthalpies; throws InputError when the temperature needs
// enthalpies that the file does not list.
void load_at_37(const ModelDetails& model, EnergyParams& params, EnergyParams& enthalpies) {
    model.validate();
    params = turner2004_params();
    if (model.parameter_file.empty())
        enthalpies = turner2004_enthalpies();
    else
        params = load_energy_params(model.parameter_file, &enthalpies);
    if (model.temperature != 37.0 && !params.has_enthalpies)
        throw InputError(fmt::format(
            "temperature {} °C: '{}' has no enthalpies, so its energies hold at 37 °C only",
            model.temperature, model.parameter_file));
}

}  // namespace

EnergyParams ModelDetails::energy_params() const {
    auto enthalpies = std::make_unique<EnergyParams>();  // large: kept off the stack
    EnergyParams params;
    load_at_37(*this, params, *enthalpies);
    if (temperature == 37.0) return params;
    return rescale_to_temperature(params, *enthalpies, temperature);
}

BoltzmannFactors ModelDetails::boltzmann_factors() const {
    auto params = std::make_unique<EnergyParams>(), enthalpies = std::make_unique<EnergyParams>();
    load_at_37(*this, *params, *enthalpies);
    return make_boltzmann_factors(*params, *enthalpies, temperature,
                                  dangles == 0 ? Dangles::None : Dangles::Both);
}

MfeParams ModelDetails::mfe_params() const {
    validate();
    MfeParams params;
    params.dangles = dangles == 0 ? Dangles::None : Dangles::Both;
    params.no_lonely_pairs = no_lonely_pairs;
    params.max_bp_span = max_bp_span;
    return params;
}

}  // namespace tropic::rna
